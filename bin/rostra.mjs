#!/usr/bin/env node
// The single `rostra` command. Internal packages ship TypeScript sources (no build step), so the
// CLI registers tsx's loader before importing the real entry point.
import { register } from 'tsx/esm/api';

register();
await import('../apps/server/src/main.ts');
