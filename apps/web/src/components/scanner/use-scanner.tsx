import { useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { createDuplicateGuard, createWedgeDetector } from './wedge.ts';

/**
 * A keyboard-wedge scanner anywhere on the screen (no field needs focus): fast bursts ending with
 * Enter become `onScan(code)`; the same code again within 2 s is reported as a duplicate instead.
 */
export function useWedgeScanner(onScan: (code: string) => void, onDuplicate?: (code: string) => void) {
  const latest = useRef({ onScan, onDuplicate });
  latest.current = { onScan, onDuplicate };
  useEffect(() => {
    const detector = createWedgeDetector();
    const accept = createDuplicateGuard(2000);
    let previous = Number.NEGATIVE_INFINITY;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const at = performance.now();
      // The second and later keys of a burst, with no field focused, are the scanner's: they must
      // not also work as single-key shortcuts (a location code "GOT" would be `g` then `o`).
      if (e.key.length === 1 && at - previous <= 50 && !typing(document.activeElement)) e.preventDefault();
      previous = at;
      const scanning = e.key === 'Enter' && detector.pending(at);
      const code = detector.key(e.key, at);
      // The Enter that ends a scan must not also press the focused button.
      if (scanning) {
        e.preventDefault();
        e.stopPropagation();
      }
      if (!code) return;
      if (accept(code, at)) latest.current.onScan(code);
      else latest.current.onDuplicate?.(code);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}

function typing(el: Element | null): boolean {
  if (!el) return false;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || (el as HTMLElement).isContentEditable;
}

let audio: AudioContext | null = null;

/** A short beep: high for a good scan, low and longer for a problem (muted where audio is unavailable). */
export function beep(tone: 'ok' | 'error') {
  try {
    audio ??= new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = tone === 'ok' ? 1320 : 220;
    gain.gain.value = 0.08;
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + (tone === 'ok' ? 0.08 : 0.3));
  } catch {
    // No audio device (or autoplay refused): the visual feedback still shows.
  }
}

export type Feedback = { tone: 'ok' | 'error' | 'info'; text: string; at: number };

/** The scan feedback line: coloured, announced, and re-announced for each new scan. */
export function useFeedback() {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const show = (tone: Feedback['tone'], text: string) => {
    setFeedback({ tone, text, at: Date.now() });
    if (tone !== 'info') beep(tone === 'ok' ? 'ok' : 'error');
  };
  return { feedback, show };
}

export function FeedbackBar({ feedback, idle }: { feedback: Feedback | null; idle: string }) {
  return (
    <p
      role="status"
      aria-live="assertive"
      data-testid="scan-feedback"
      data-tone={feedback?.tone ?? 'idle'}
      key={feedback?.at}
      className={cn(
        'min-h-12 rounded-lg px-4 py-3 text-base font-medium',
        !feedback && 'bg-surface-2 text-muted',
        feedback?.tone === 'ok' && 'bg-success/15 text-success',
        feedback?.tone === 'error' && 'bg-danger/15 text-danger',
        feedback?.tone === 'info' && 'bg-info/15 text-info',
      )}
    >
      {feedback?.text ?? idle}
    </p>
  );
}
