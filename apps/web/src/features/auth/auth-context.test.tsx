import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useAuth } from './auth-context.tsx';

function Probe() {
  const { status } = useAuth();
  return <span>{status}</span>;
}

describe('useAuth', () => {
  it('throws when used outside its provider (seed section 8)', () => {
    expect(() => renderToString(<Probe />)).toThrow('useAuth must be used within an AuthProvider');
  });
});
