// The compiled server reads its SQL migrations beside it: dist/db/migrations.
import { cpSync } from 'node:fs';
const from = new URL('../src/db/migrations', import.meta.url);
const to = new URL('../dist/db/migrations', import.meta.url);
cpSync(from, to, { recursive: true });
