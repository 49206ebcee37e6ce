import type { ImportContactsResult } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import {
  type ImportFlowAction,
  type ImportFlowState,
  importFlowReducer,
  initialImportFlow,
} from '../importFlow';

const RESULT: ImportContactsResult = {
  importContacts: 1,
  newClientsDataResult: [
    { number: '5215512345678', status: 'creado', message: 'Contacto creado exitosamente' },
  ],
  finalStatus: 'success',
};

const run = (actions: ImportFlowAction[], from: ImportFlowState = initialImportFlow(4)) =>
  actions.reduce(importFlowReducer, from);

const atUpload = () => run([{ type: 'next' }, { type: 'next' }]);

describe('import flow (02 §4: instructions, channel, upload with percentage, result)', () => {
  it('goes from the instructions to the channel choice to the upload', () => {
    expect(run([]).step).toBe('instructions');
    expect(run([{ type: 'next' }]).step).toBe('channel');
    expect(atUpload().step).toBe('upload');
    expect(run([{ type: 'next' }, { type: 'back' }]).step).toBe('instructions');
    expect(run([{ type: 'back' }], atUpload()).step).toBe('channel');
  });

  it('does not leave the channel choice without a channel', () => {
    const state = run([{ type: 'next' }, { type: 'next' }], initialImportFlow(null));
    expect(state.step).toBe('channel');
    const chosen = run([{ type: 'chooseChannel', channelId: 9 }, { type: 'next' }], state);
    expect(chosen).toMatchObject({ step: 'upload', channelId: 9 });
  });

  it('takes the first channel once the channels load, without overriding a choice', () => {
    expect(run([{ type: 'defaultChannel', channelId: 3 }], initialImportFlow(null)).channelId).toBe(3);
    expect(run([{ type: 'defaultChannel', channelId: 3 }], initialImportFlow(7)).channelId).toBe(7);
  });

  it('shows the upload percentage, then the server processing percentage from 0', () => {
    let state = run([{ type: 'uploadStarted' }], atUpload());
    expect(state).toMatchObject({ phase: 'uploading', percent: 0 });
    state = run([{ type: 'uploadProgress', percent: 35 }], state);
    expect(state).toMatchObject({ phase: 'uploading', percent: 35 });
    state = run([{ type: 'uploadProgress', percent: 100 }], state);
    expect(state).toMatchObject({ phase: 'processing', percent: 0 });
    // A late upload event changes nothing once the server is at work.
    state = run([{ type: 'uploadProgress', percent: 60 }], state);
    expect(state.percent).toBe(0);
    state = run([{ type: 'serverProgress', percent: 42, processed: 42, total: 100 }], state);
    expect(state).toMatchObject({ phase: 'processing', percent: 42, processed: 42, total: 100 });
    // The bar never goes back.
    state = run([{ type: 'serverProgress', percent: 30, processed: 30, total: 100 }], state);
    expect(state.percent).toBe(42);
  });

  it('follows the server when its first report arrives before the last upload event', () => {
    const state = run(
      [{ type: 'uploadStarted' }, { type: 'serverProgress', percent: 10, processed: 5, total: 50 }],
      atUpload(),
    );
    expect(state).toMatchObject({ phase: 'processing', percent: 10 });
  });

  it('ignores progress reports when no file is on its way', () => {
    const state = atUpload();
    expect(run([{ type: 'serverProgress', percent: 50, processed: 1, total: 2 }], state)).toBe(state);
  });

  it('shows the result after the upload and stays in the result', () => {
    const state = run([{ type: 'uploadStarted' }, { type: 'finished', result: RESULT }], atUpload());
    expect(state).toMatchObject({ step: 'result', phase: 'idle', result: RESULT });
    expect(run([{ type: 'back' }, { type: 'next' }], state)).toBe(state);
  });

  it('keeps the upload step with the reason after a failure, and clears it on the next try', () => {
    let state = run(
      [{ type: 'uploadStarted' }, { type: 'failed', message: 'El archivo no tiene contactos.' }],
      atUpload(),
    );
    expect(state).toMatchObject({ step: 'upload', phase: 'idle', error: 'El archivo no tiene contactos.' });
    state = run([{ type: 'uploadStarted' }], state);
    expect(state).toMatchObject({ phase: 'uploading', error: null });
  });

  it('cannot go back or start a second upload while a file is on its way', () => {
    const busy = run([{ type: 'uploadStarted' }, { type: 'uploadProgress', percent: 20 }], atUpload());
    expect(run([{ type: 'back' }], busy)).toBe(busy);
    expect(run([{ type: 'uploadStarted' }], busy)).toBe(busy);
  });

  it('starts over on a new opening', () => {
    const done = run([{ type: 'uploadStarted' }, { type: 'finished', result: RESULT }], atUpload());
    expect(run([{ type: 'open', channelId: 2 }], done)).toEqual(initialImportFlow(2));
  });
});
