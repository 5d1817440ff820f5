import { describe, expect, it } from 'vitest';
import { droppedResIds } from './actions.ts';

describe('resources after a drop', () => {
  it('from the unassigned lane onto a resource assigns it', () => {
    expect(droppedResIds([], null, 'r2')).toEqual(['r2']);
  });
  it('from one resource onto another replaces that one only (a multi-resource job keeps the rest)', () => {
    expect(droppedResIds(['r1'], 'r1', 'r2')).toEqual(['r2']);
    expect(droppedResIds(['r1', 'r3'], 'r1', 'r2')).toEqual(['r2', 'r3']);
  });
  it('onto a resource the job already has does not list it twice', () => {
    expect(droppedResIds(['r1', 'r3'], 'r1', 'r3')).toEqual(['r3']);
  });
  it('onto the unassigned lane removes every resource', () => {
    expect(droppedResIds(['r1', 'r3'], 'r1', null)).toEqual([]);
  });
});
