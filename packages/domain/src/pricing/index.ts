// Measure-based prices (per m² of pane, per running metre of edge) for glass processors.

// Holes and cut-outs on glass lines: the diameter and edge-distance warnings.
export * from './glass-work.ts';
export * from './measure-pricing.ts';
