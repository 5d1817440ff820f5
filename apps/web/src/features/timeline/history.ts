/**
 * Undo and redo of the timeline's changes (moves, assignments, a whole batch as one step). A step
 * knows how to apply itself in both directions against the server; the history only orders them.
 * A step that fails to undo (someone changed the booking since) stays where it was and the error
 * goes to the caller; a new step clears the redo side.
 */
export type HistoryStep = {
  /** What the step did, in words ("Moved b0001 to Ann Lee"). */
  label: string;
  undo: () => Promise<void>;
  redo: () => Promise<void>;
};

export type HistoryState = { canUndo: boolean; canRedo: boolean; undoLabel?: string; redoLabel?: string };

export class History {
  private done: HistoryStep[] = [];
  private undone: HistoryStep[] = [];
  private busy = false;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly limit = 50) {}

  push(step: HistoryStep): void {
    this.done.push(step);
    if (this.done.length > this.limit) this.done.shift();
    this.undone = [];
    this.emit();
  }

  /** Undoes the latest step; resolves with it, or null when there is none (or one is running). */
  async undo(): Promise<HistoryStep | null> {
    const step = this.done.at(-1);
    if (!step || this.busy) return null;
    await this.run(() => step.undo());
    this.done.pop();
    this.undone.push(step);
    this.emit();
    return step;
  }

  async redo(): Promise<HistoryStep | null> {
    const step = this.undone.at(-1);
    if (!step || this.busy) return null;
    await this.run(() => step.redo());
    this.undone.pop();
    this.done.push(step);
    this.emit();
    return step;
  }

  /** The same object until something changes (a `useSyncExternalStore` snapshot). */
  state(): HistoryState {
    return this.snapshot;
  }

  private snapshot: HistoryState = { canUndo: false, canRedo: false };

  private compute(): HistoryState {
    const last = this.done.at(-1);
    const next = this.undone.at(-1);
    return {
      canUndo: last !== undefined && !this.busy,
      canRedo: next !== undefined && !this.busy,
      ...(last ? { undoLabel: last.label } : {}),
      ...(next ? { redoLabel: next.label } : {}),
    };
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async run(task: () => Promise<void>): Promise<void> {
    this.busy = true;
    this.emit();
    try {
      await task();
    } finally {
      this.busy = false;
      this.emit();
    }
  }

  private emit(): void {
    this.snapshot = this.compute();
    for (const l of this.listeners) l();
  }
}
