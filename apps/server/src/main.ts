import { main } from './cli.ts';

await main(process.argv);
