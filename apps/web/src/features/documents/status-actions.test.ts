import { describe, expect, it } from 'vitest';
import type { Detail, Doc, Operation } from './documents-api.ts';
import { predictDocument, predictOperation, predictPayment } from './status-actions.ts';

function detail(doc: Partial<Doc>, extra: Partial<Detail> = {}): Detail {
  return {
    document: {
      id: 'd1',
      kind: 'quote',
      status: 'draft',
      actions: [],
      paid_total: '0.00',
      outstanding: null,
      payment_status: null,
      ...doc,
    } as Doc,
    lines: [],
    links: [],
    ...extra,
  };
}

describe('predicted document status', () => {
  it('moves a quote, a work order and a delivery note to the next status with that status’s actions', () => {
    const sent = predictDocument(detail({ kind: 'quote', status: 'draft', actions: ['send'] }), 'send');
    expect(sent.document.status).toBe('sent');
    expect(sent.document.actions).toEqual(['accept', 'reject', 'expire']);
    const planned = predictDocument(detail({ kind: 'work_order', status: 'draft' }), 'plan');
    expect(planned.document).toMatchObject({ status: 'planned', actions: ['start', 'cancel'] });
    const started = predictDocument(detail({ kind: 'work_order', status: 'planned' }), 'start');
    expect(started.document).toMatchObject({ status: 'in_progress', actions: ['complete', 'cancel'] });
    const completed = predictDocument(detail({ kind: 'work_order', status: 'in_progress' }), 'complete');
    expect(completed.document).toMatchObject({ status: 'completed', actions: [] });
    const issued = predictDocument(detail({ kind: 'delivery_note', status: 'draft' }), 'issue');
    expect(issued.document).toMatchObject({ status: 'issued', actions: ['deliver', 'cancel'] });
    const invoice = predictDocument(detail({ kind: 'invoice', status: 'draft' }), 'issue');
    expect(invoice.document).toMatchObject({ status: 'issued', actions: [] });
  });

  it('predicts nothing for an action the status does not allow (the server will refuse it)', () => {
    const d = detail({ kind: 'quote', status: 'accepted', actions: ['convert'] });
    expect(predictDocument(d, 'send')).toBe(d);
    expect(predictDocument(d, 'no-such-action')).toBe(d);
  });
});

describe('predicted operation status', () => {
  const op = (id: string, status: Operation['status']) => ({ id, code: id, status }) as Operation;
  it('changes only the operation acted on, by the operation lifecycle', () => {
    const d = detail(
      { kind: 'work_order', status: 'in_progress' },
      { operations: [op('REZ', 'in_progress'), op('SAS', 'pending')] },
    );
    const finished = predictOperation(d, 'REZ', 'finish');
    expect(finished.operations?.map((o) => o.status)).toEqual(['done', 'pending']);
    const reopened = predictOperation(finished, 'REZ', 'reopen');
    expect(reopened.operations?.map((o) => o.status)).toEqual(['in_progress', 'pending']);
    // Pausing an operation that has not started is not a move the server makes.
    expect(predictOperation(d, 'SAS', 'pause').operations?.map((o) => o.status)).toEqual([
      'in_progress',
      'pending',
    ]);
  });
});

describe('predicted payment', () => {
  const issued = (paid: string, outstanding: string, status: Doc['payment_status']) =>
    detail(
      {
        kind: 'invoice',
        status: 'issued',
        total: '225.00',
        paid_total: paid,
        outstanding,
        payment_status: status,
      },
      { payments: [] },
    );

  it('pays in full, in part, and keeps an overdue invoice overdue until it is paid', () => {
    const full = predictPayment(issued('0.00', '225.00', 'unpaid'), {
      paid_on: '2026-11-25',
      amount: '225.00',
    });
    expect(full.document).toMatchObject({
      paid_total: '225.00',
      outstanding: '0.00',
      payment_status: 'paid',
    });
    expect(full.payments).toEqual([{ id: 'pending', paid_on: '2026-11-25', amount: '225.00', note: null }]);
    const part = predictPayment(issued('0.00', '225.00', 'unpaid'), {
      paid_on: '2026-11-25',
      amount: '100.1',
    });
    expect(part.document).toMatchObject({
      paid_total: '100.10',
      outstanding: '124.90',
      payment_status: 'partially_paid',
    });
    const late = predictPayment(issued('25.00', '200.00', 'overdue'), {
      paid_on: '2026-11-25',
      amount: '0.3',
    });
    expect(late.document).toMatchObject({
      paid_total: '25.30',
      outstanding: '199.70',
      payment_status: 'overdue',
    });
  });

  it('predicts nothing for an amount that is not a number', () => {
    const d = issued('0.00', '225.00', 'unpaid');
    expect(predictPayment(d, { paid_on: '2026-11-25', amount: '12,5' })).toBe(d);
  });
});
