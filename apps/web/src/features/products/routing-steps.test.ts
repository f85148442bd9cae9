import type { RoutingStep } from '@erp/domain';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { routingFormSchema, toSteps } from './routing-editor.tsx';

// A saved step as the API sends it: its own times (three digits after the point) and one left empty.
const step: RoutingStep = {
  position: 1,
  processId: '00000000-0000-4000-8000-000000000041',
  processCode: 'REZ',
  processName: 'Rezanje',
  workCentre: 'Pila',
  setupMinutes: null,
  minutesPerUnit: '1.125',
  defaultSetupMinutes: '5',
  defaultMinutesPerUnit: '2',
  costPerHour: '40',
  qualityCheckRequired: false,
  category: 'other',
  note: '',
};

describe('routing editor: a saved step opened and saved unchanged', () => {
  // Typed times are read in the interface language (i18next), Croatian unless changed.
  beforeAll(() => i18n.init({ lng: 'hr', resources: {} }));
  afterEach(() => i18n.changeLanguage('hr'));

  it('shows its times in Croatian format and sends them back as saved (not 1 125)', () => {
    const steps = toSteps([step], 'hr');
    expect(steps[0]).toMatchObject({ setupMinutes: '', minutesPerUnit: '1,125' });
    const r = routingFormSchema.safeParse({ steps });
    expect(r.error?.issues ?? []).toEqual([]);
    expect(r.data?.steps[0]).toMatchObject({ setupMinutes: null, minutesPerUnit: '1.125' });
  });

  it('keeps the English "." decimal', async () => {
    await i18n.changeLanguage('en');
    const steps = toSteps([step], 'en');
    expect(steps[0]?.minutesPerUnit).toBe('1.125');
    expect(routingFormSchema.safeParse({ steps }).data?.steps[0]).toMatchObject({ minutesPerUnit: '1.125' });
  });
});
