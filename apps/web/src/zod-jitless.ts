// `zod` as the web app imports it (vite.config.ts aliases the bare name here; this file imports the
// package by its file path, which the alias does not match).
//
// The CSP allows scripts only from our origin (no eval). Zod probes `Function('')` to decide on its
// JIT parser when an object schema is built; with jitless set it never probes, so no page reports a
// CSP violation. Every module that builds a schema imports `zod` first, and ES modules evaluate their
// imports first, so the setting is in place before the first schema whichever chunk loads it, and zod
// is downloaded only with the screens that use it (not with the app's entry).
import { z } from '../../../node_modules/zod/index.js';

z.config({ jitless: true });

export * from '../../../node_modules/zod/index.js';
