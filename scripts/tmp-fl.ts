import { benchFirstLoad } from './bench/first-load.ts';

await benchFirstLoad({ email: 'ana@example.com', password: 'kontora-demo-2026' });
