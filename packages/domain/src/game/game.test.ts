import { describe, expect, it } from 'vitest';
import { type GameState, gameReducer, initialGameState, remainingDocuments } from './game.ts';

const play = (state: GameState, ...orders: number[]) =>
  orders.reduce((s, order) => gameReducer(s, { type: 'drop', order }), state);
const ticks = (state: GameState, n: number) =>
  Array.from({ length: n }).reduce<GameState>((s) => gameReducer(s, { type: 'tick' }), state);

describe('workflow game', () => {
  it('starts at level 1 with 0 points and 60 seconds', () => {
    expect(initialGameState()).toMatchObject({
      level: 1,
      score: 0,
      timeLeft: 60,
      placed: 0,
      status: 'playing',
    });
  });

  it('scores 100 times the level for each correct drop', () => {
    const s = play(initialGameState(), 1, 2);
    expect(s.score).toBe(200);
    expect(s.placed).toBe(2);
    expect(s.lastDrop).toBe('correct');
  });

  it('loses 50 for a wrong drop and never goes below zero', () => {
    expect(play(initialGameState(), 3).score).toBe(0);
    const s = play(initialGameState(), 1, 4);
    expect(s.score).toBe(50);
    expect(s.placed).toBe(1);
    expect(s.lastDrop).toBe('wrong');
    expect(play(s, 4, 4).score).toBe(0);
  });

  it('after the fourth adds 500 times the level and starts the next level with a fresh timer', () => {
    const s = play(ticks(initialGameState(), 15), 1, 2, 3, 4);
    expect(s.score).toBe(4 * 100 + 500);
    expect(s.level).toBe(2);
    expect(s.placed).toBe(0);
    expect(s.timeLeft).toBe(60);
    expect(s.lastDrop).toBe('level-complete');
    const level2 = play(s, 1, 2, 3, 4);
    expect(level2.score).toBe(900 + 4 * 200 + 1000);
    expect(level2.level).toBe(3);
  });

  it('scores level 2 drops at 200 and the penalty stays 50', () => {
    const s = play(initialGameState(), 1, 2, 3, 4, 1, 3);
    expect(s.score).toBe(900 + 200 - 50);
  });

  it('counts down one second per tick and ends the round at zero', () => {
    expect(ticks(initialGameState(), 59)).toMatchObject({ timeLeft: 1, status: 'playing' });
    const over = play(ticks(initialGameState(), 60), 1);
    expect(over).toMatchObject({ timeLeft: 0, status: 'over', score: 0 });
    expect(ticks(over, 3).timeLeft).toBe(0);
  });

  it('keeps the score when the round ends and ignores drops afterwards', () => {
    const s = play(initialGameState(), 1, 2);
    const over = play(ticks(s, 60), 3);
    expect(over.score).toBe(200);
    expect(over.placed).toBe(2);
  });

  it('Nova Igra resets everything', () => {
    const s = play(ticks(initialGameState(), 30), 1, 2, 3, 4, 1);
    expect(gameReducer(s, { type: 'reset' })).toEqual(initialGameState());
  });

  it('lists the documents still to place', () => {
    expect(remainingDocuments(play(initialGameState(), 1, 2)).map((d) => d.type)).toEqual([
      'otpremnica',
      'racun',
    ]);
  });
});
