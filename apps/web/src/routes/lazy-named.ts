import { type ComponentType, lazy } from 'react';

/** React.lazy for modules with named exports (the house style has no default exports). */
// biome-ignore lint/suspicious/noExplicitAny: component props are whatever the page declares
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy<M[K]>(async () => ({ default: (await load())[name] }));
}
