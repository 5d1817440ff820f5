import { run } from './cli.ts';

await run(process.argv);
