// Measure-based prices (per m² of pane, per running metre of edge) for glass processors.
export * from './measure-pricing.ts';
