import { describe, expect, it } from 'vitest';
import { History, type HistoryStep } from './history.ts';

function counterStep(log: string[], name: string, failUndo = false): HistoryStep {
  return {
    label: name,
    undo: async () => {
      if (failUndo) throw new Error('changed since');
      log.push(`undo ${name}`);
    },
    redo: async () => {
      log.push(`redo ${name}`);
    },
  };
}

describe('timeline history', () => {
  it('undoes newest first and redoes in the original order', async () => {
    const log: string[] = [];
    const h = new History();
    h.push(counterStep(log, 'a'));
    h.push(counterStep(log, 'b'));
    expect(h.state()).toMatchObject({ canUndo: true, canRedo: false, undoLabel: 'b' });
    await h.undo();
    await h.undo();
    expect(h.state()).toMatchObject({ canUndo: false, canRedo: true, redoLabel: 'a' });
    await h.redo();
    expect(log).toEqual(['undo b', 'undo a', 'redo a']);
    expect(h.state()).toMatchObject({ canUndo: true, canRedo: true, undoLabel: 'a', redoLabel: 'b' });
  });

  it('a new step clears what could be redone', async () => {
    const h = new History();
    h.push(counterStep([], 'a'));
    await h.undo();
    h.push(counterStep([], 'b'));
    expect(h.state().canRedo).toBe(false);
    expect(await h.redo()).toBeNull();
  });

  it('a step whose undo fails stays undoable and the error reaches the caller', async () => {
    const h = new History();
    h.push(counterStep([], 'a', true));
    await expect(h.undo()).rejects.toThrow('changed since');
    expect(h.state()).toMatchObject({ canUndo: true, undoLabel: 'a', canRedo: false });
  });

  it('keeps the snapshot object stable until something changes', () => {
    const h = new History();
    const first = h.state();
    expect(h.state()).toBe(first);
    h.push(counterStep([], 'a'));
    expect(h.state()).not.toBe(first);
  });

  it('keeps at most the limit of steps', async () => {
    const h = new History(2);
    for (const n of ['a', 'b', 'c']) h.push(counterStep([], n));
    await h.undo();
    await h.undo();
    expect(h.state().canUndo).toBe(false);
  });
});
