// @ts-nocheck

import { batchOrder } from '../src/allocation/batch.ts';
import { autoBuffers, autoOutcome } from '../src/allocation/modes.ts';
import { ScenarioIndex } from '../src/allocation/scenario-index.ts';
import { generateScenario } from './generate.ts';

const s = generateScenario({});
let t = performance.now();
const ix = new ScenarioIndex(s);
console.log('index', (performance.now() - t).toFixed(0));
const b = autoBuffers(ix);
const order = batchOrder(s.jobs);
const marks = [100, 500, 1000, 2500, 5000];
t = performance.now();
let last = t;
let i = 0;
for (const k of order) {
  const job = s.jobs[k];
  const r = autoOutcome(ix, job, 5, b);
  if (r.assigned.length) ix.join(job, r.assigned);
  i++;
  if (marks.includes(i)) {
    const n = performance.now();
    console.log(i, (n - last).toFixed(0), 'ms');
    last = n;
  }
}
console.log('total jobs', (performance.now() - t).toFixed(0));
