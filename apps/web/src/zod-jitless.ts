import { z } from 'zod';

// The CSP allows scripts only from our origin (no eval). Zod probes `Function('')` to decide on its
// JIT parser when the first object schema is built; with jitless set it never probes, so no page
// reports a CSP violation. Imported first in main.tsx, before any schema module is evaluated.
z.config({ jitless: true });
