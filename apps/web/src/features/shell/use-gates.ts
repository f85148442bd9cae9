import { useCallback, useEffect, useState } from 'react';

const GATE_PREFIX = 'gate:';
export const GATES_CHANGED_EVENT = 'gates-changed';

function gateKeys(): string[] {
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key?.startsWith(GATE_PREFIX)) keys.push(key);
  }
  return keys;
}

/** Seed section 4 "access gates": the 'Odjava pristupa' entry shows while any `gate:*` key exists. */
export function useGates() {
  const [hasGates, setHasGates] = useState(() => gateKeys().length > 0);
  useEffect(() => {
    const refresh = () => setHasGates(gateKeys().length > 0);
    window.addEventListener(GATES_CHANGED_EVENT, refresh);
    // Other tabs change localStorage too.
    window.addEventListener('storage', refresh);
    return () => {
      window.removeEventListener(GATES_CHANGED_EVENT, refresh);
      window.removeEventListener('storage', refresh);
    };
  }, []);
  const clearGates = useCallback(() => {
    for (const key of gateKeys()) localStorage.removeItem(key);
    window.location.reload();
  }, []);
  return { hasGates, clearGates };
}
