/**
 * The workflow game of the blocked screen (seed section 4): drop the four document types in
 * their business order. Pure reducer; the UI drives `tick` once per second.
 */
export const GAME_DOCUMENTS = [
  { type: 'ponuda', order: 1 },
  { type: 'nalog', order: 2 },
  { type: 'otpremnica', order: 3 },
  { type: 'racun', order: 4 },
] as const;
export type GameDocumentType = (typeof GAME_DOCUMENTS)[number]['type'];

export const GAME_SECONDS_PER_LEVEL = 60;
export const GAME_POINTS_PER_LEVEL = 100;
export const GAME_BONUS_PER_LEVEL = 500;
export const GAME_WRONG_PENALTY = 50;

export type GameStatus = 'playing' | 'over';
export type DropResult = 'correct' | 'wrong' | 'level-complete';

export type GameState = {
  level: number;
  score: number;
  timeLeft: number;
  /** How many documents of the current level are already placed (the next expected order is placed + 1). */
  placed: number;
  status: GameStatus;
  lastDrop: DropResult | null;
};

export type GameAction = { type: 'drop'; order: number } | { type: 'tick' } | { type: 'reset' };

export function initialGameState(): GameState {
  return {
    level: 1,
    score: 0,
    timeLeft: GAME_SECONDS_PER_LEVEL,
    placed: 0,
    status: 'playing',
    lastDrop: null,
  };
}

function drop(state: GameState, order: number): GameState {
  if (order !== state.placed + 1) {
    return { ...state, score: Math.max(0, state.score - GAME_WRONG_PENALTY), lastDrop: 'wrong' };
  }
  const score = state.score + GAME_POINTS_PER_LEVEL * state.level;
  const placed = state.placed + 1;
  if (placed < GAME_DOCUMENTS.length) return { ...state, score, placed, lastDrop: 'correct' };
  return {
    ...state,
    score: score + GAME_BONUS_PER_LEVEL * state.level,
    level: state.level + 1,
    placed: 0,
    timeLeft: GAME_SECONDS_PER_LEVEL,
    lastDrop: 'level-complete',
  };
}

function tick(state: GameState): GameState {
  const timeLeft = Math.max(0, state.timeLeft - 1);
  // At zero the round is over: the score stays visible and only 'Nova Igra' continues.
  return { ...state, timeLeft, status: timeLeft === 0 ? 'over' : 'playing' };
}

export function gameReducer(state: GameState, action: GameAction): GameState {
  if (action.type === 'reset') return initialGameState();
  if (state.status === 'over') return state;
  return action.type === 'drop' ? drop(state, action.order) : tick(state);
}

/** The document types not yet placed in this level, in the order they are expected. */
export function remainingDocuments(state: GameState) {
  return GAME_DOCUMENTS.filter((d) => d.order > state.placed);
}
