/**
 * Time intervals of every resource of the pool, for "does anything of resource r overlap
 * [b, e)?" in one binary search, without scanning the resource's records.
 *
 * Layout: one flat structure of arrays over the pool. Resource r's intervals sit in
 * `[start[r], start[r + 1])`, sorted by begin (ties: insertion order), with `maxEnd[i]` the
 * largest `end − tolerance` of its segment up to i. Intervals added after a build (a batch's
 * assignments) wait in small per-resource pending lists, checked linearly, and are merged into
 * the flat arrays once enough have gathered.
 *
 * Overlap of an interval [B, E) with [b, e) under tolerance t is the contract's
 * `B < e − t && b < E − t` (t = 0 is plain half-open overlap).
 */
export class ResourceIntervals {
  private start: Int32Array;
  private begins: Float64Array;
  private ends: Float64Array;
  private maxEnd: Float64Array;
  /** Per resource, intervals added since the last build as [begin, end, begin, end, …], in order. */
  private readonly pending: (number[] | undefined)[];
  private pendingTotal = 0;

  constructor(
    readonly n: number,
    readonly tolerance: number,
  ) {
    this.start = new Int32Array(n + 1);
    this.begins = new Float64Array(0);
    this.ends = new Float64Array(0);
    this.maxEnd = new Float64Array(0);
    this.pending = new Array(n).fill(undefined);
  }

  /** Adds [begin, end) to resource r; it counts from now on. */
  add(r: number, begin: number, end: number): void {
    const p = this.pending[r];
    if (p === undefined) this.pending[r] = [begin, end];
    else p.push(begin, end);
    this.pendingTotal++;
    if (this.pendingTotal > 64 + (this.begins.length >> 2)) this.build();
  }

  /** Merges the pending intervals into the flat arrays. */
  build(): void {
    if (this.pendingTotal === 0) return;
    const n = this.n;
    const t = this.tolerance;
    const total = this.begins.length + this.pendingTotal;
    const start = new Int32Array(n + 1);
    const begins = new Float64Array(total);
    const ends = new Float64Array(total);
    const maxEnd = new Float64Array(total);
    let w = 0;
    for (let r = 0; r < n; r++) {
      start[r] = w;
      let i = this.start[r] as number;
      const iEnd = this.start[r + 1] as number;
      const p = this.pending[r];
      // Pending intervals by begin, insertion order kept on ties (a stable sort of their indices).
      const order: number[] = [];
      if (p !== undefined) {
        for (let j = 0; j < p.length; j += 2) order.push(j);
        order.sort((a, b) => (p[a] as number) - (p[b] as number) || a - b);
      }
      let k = 0;
      let m = Number.NEGATIVE_INFINITY;
      while (i < iEnd || k < order.length) {
        // The older (flat) interval goes first on equal begins.
        const takeFlat =
          k >= order.length ||
          (i < iEnd && (this.begins[i] as number) <= ((p as number[])[order[k] as number] as number));
        let b: number;
        let e: number;
        if (takeFlat) {
          b = this.begins[i] as number;
          e = this.ends[i] as number;
          i++;
        } else {
          const j = order[k] as number;
          b = (p as number[])[j] as number;
          e = (p as number[])[j + 1] as number;
          k++;
        }
        begins[w] = b;
        ends[w] = e;
        if (e - t > m) m = e - t;
        maxEnd[w] = m;
        w++;
      }
      this.pending[r] = undefined;
    }
    start[n] = w;
    this.start = start;
    this.begins = begins;
    this.ends = ends;
    this.maxEnd = maxEnd;
    this.pendingTotal = 0;
  }

  /** Whether an interval of resource r overlaps [begin, end). The hot path: no allocation. */
  overlaps(r: number, begin: number, end: number): boolean {
    const t = this.tolerance;
    const endT = end - t;
    const segEnd = this.start[r + 1] as number;
    let lo = this.start[r] as number;
    if (lo < segEnd) {
      // First interval whose end − t exceeds begin; earlier ones cannot overlap, and if it begins
      // too late, so does every later one.
      const maxEnd = this.maxEnd;
      let hi = segEnd;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((maxEnd[mid] as number) > begin) hi = mid;
        else lo = mid + 1;
      }
      if (lo < segEnd && (this.begins[lo] as number) < endT) return true;
    }
    const p = this.pending[r];
    if (p !== undefined) {
      for (let j = 0; j < p.length; j += 2) {
        if ((p[j] as number) < endT && begin < (p[j + 1] as number) - t) return true;
      }
    }
    return false;
  }

  /**
   * Resource r's intervals as [begin, end, begin, end, …]: the built ones in order (by begin,
   * ties in insertion order), then the pending ones in insertion order. A fresh array.
   */
  intervalsOf(r: number): number[] {
    const out: number[] = [];
    for (let i = this.start[r] as number; i < (this.start[r + 1] as number); i++) {
      out.push(this.begins[i] as number, this.ends[i] as number);
    }
    const p = this.pending[r];
    if (p !== undefined) out.push(...p);
    return out;
  }

  /**
   * The overlapping interval of resource r that begins first (ties: the one added first), as
   * [begin, end], or undefined.
   */
  first(r: number, begin: number, end: number): [number, number] | undefined {
    const t = this.tolerance;
    const endT = end - t;
    let best: [number, number] | undefined;
    for (let i = this.start[r] as number; i < (this.start[r + 1] as number); i++) {
      if ((this.begins[i] as number) >= endT) break;
      if (begin < (this.ends[i] as number) - t) {
        best = [this.begins[i] as number, this.ends[i] as number];
        break;
      }
    }
    const p = this.pending[r];
    if (p !== undefined) {
      for (let j = 0; j < p.length; j += 2) {
        const b = p[j] as number;
        const e = p[j + 1] as number;
        if (b < endT && begin < e - t && (best === undefined || b < best[0])) best = [b, e];
      }
    }
    return best;
  }
}

/** What the checks ask of a resource's intervals. */
export type IntervalQuery = Pick<ResourceIntervals, 'overlaps' | 'first'>;

/**
 * `base` with one occurrence of each `removed` interval left out of its resource: what a
 * structure built without those records answers (a job's own copy in a prepared index). The few
 * resources concerned are answered from short copied lists; every other one goes to `base`.
 */
export class IntervalsWithout implements IntervalQuery {
  private readonly lists = new Map<number, number[]>();

  constructor(
    private readonly base: ResourceIntervals,
    removed: readonly (readonly [r: number, begin: number, end: number])[],
  ) {
    for (const [r, b, e] of removed) {
      const list = this.lists.get(r) ?? base.intervalsOf(r);
      for (let j = 0; j < list.length; j += 2) {
        if (list[j] === b && list[j + 1] === e) {
          list.splice(j, 2);
          break;
        }
      }
      this.lists.set(r, list);
    }
  }

  overlaps(r: number, begin: number, end: number): boolean {
    const list = this.lists.get(r);
    if (list === undefined) return this.base.overlaps(r, begin, end);
    const t = this.base.tolerance;
    for (let j = 0; j < list.length; j += 2) {
      if ((list[j] as number) < end - t && begin < (list[j + 1] as number) - t) return true;
    }
    return false;
  }

  first(r: number, begin: number, end: number): [number, number] | undefined {
    const list = this.lists.get(r);
    if (list === undefined) return this.base.first(r, begin, end);
    const t = this.base.tolerance;
    let best: [number, number] | undefined;
    for (let j = 0; j < list.length; j += 2) {
      const b = list[j] as number;
      const e = list[j + 1] as number;
      if (b < end - t && begin < e - t && (best === undefined || b < best[0])) best = [b, e];
    }
    return best;
  }
}
