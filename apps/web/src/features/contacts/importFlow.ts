import type { ImportContactsResult } from '@crm/shared';

/** 02 §4 Import: instructions, channel choice, upload with percentage, result. */
export type ImportStep = 'instructions' | 'channel' | 'upload' | 'result';

/** While a file is on its way: first the browser's upload, then the server's processing (realtime 'progressBar'). */
export type ImportPhase = 'idle' | 'uploading' | 'processing';

export interface ImportFlowState {
  step: ImportStep;
  channelId: number | null;
  phase: ImportPhase;
  /** 0–100 of the current phase. */
  percent: number;
  /** Rows processed and total, once the server reports them. */
  processed: number | null;
  total: number | null;
  /** The reason the last upload failed, shown under the drop zone. */
  error: string | null;
  result: ImportContactsResult | null;
}

export type ImportFlowAction =
  | { type: 'open'; channelId: number | null }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'chooseChannel'; channelId: number }
  /** The first channel, once the channels have loaded, unless one is already chosen. */
  | { type: 'defaultChannel'; channelId: number }
  | { type: 'uploadStarted' }
  | { type: 'uploadProgress'; percent: number }
  | { type: 'serverProgress'; percent: number; processed: number; total: number }
  | { type: 'finished'; result: ImportContactsResult }
  | { type: 'failed'; message: string };

export function initialImportFlow(channelId: number | null = null): ImportFlowState {
  return {
    step: 'instructions',
    channelId,
    phase: 'idle',
    percent: 0,
    processed: null,
    total: null,
    error: null,
    result: null,
  };
}

const clampPercent = (value: number): number =>
  Number.isFinite(value) ? Math.max(0, Math.min(100, Math.round(value))) : 0;

export function isImportBusy(state: ImportFlowState): boolean {
  return state.phase !== 'idle';
}

/** The flow's transitions; anything not listed for a state leaves it as it is. */
export function importFlowReducer(state: ImportFlowState, action: ImportFlowAction): ImportFlowState {
  switch (action.type) {
    case 'open':
      return initialImportFlow(action.channelId);
    case 'next':
      if (state.step === 'instructions') return { ...state, step: 'channel' };
      if (state.step === 'channel' && state.channelId !== null)
        return { ...state, step: 'upload', error: null };
      return state;
    case 'back':
      if (state.step === 'channel') return { ...state, step: 'instructions' };
      if (state.step === 'upload' && !isImportBusy(state)) return { ...state, step: 'channel', error: null };
      return state;
    case 'chooseChannel':
      return state.step === 'channel' ? { ...state, channelId: action.channelId } : state;
    case 'defaultChannel':
      return state.channelId === null ? { ...state, channelId: action.channelId } : state;
    case 'uploadStarted':
      if (state.step !== 'upload' || isImportBusy(state)) return state;
      return { ...state, phase: 'uploading', percent: 0, processed: null, total: null, error: null };
    case 'uploadProgress': {
      if (state.phase !== 'uploading') return state;
      const percent = clampPercent(action.percent);
      // The whole file is out: from here on the bar follows the server's processing, from 0.
      if (percent >= 100) return { ...state, phase: 'processing', percent: 0 };
      return { ...state, percent: Math.max(state.percent, percent) };
    }
    case 'serverProgress': {
      if (!isImportBusy(state)) return state;
      const percent = clampPercent(action.percent);
      return {
        ...state,
        phase: 'processing',
        percent: state.phase === 'processing' ? Math.max(state.percent, percent) : percent,
        processed: action.processed,
        total: action.total,
      };
    }
    case 'finished':
      if (state.step !== 'upload') return state;
      return { ...state, step: 'result', phase: 'idle', percent: 100, result: action.result, error: null };
    case 'failed':
      if (state.step !== 'upload') return state;
      return { ...state, phase: 'idle', percent: 0, processed: null, total: null, error: action.message };
  }
}
