import { OFFLINE_WARNING_MESSAGE } from '@crm/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-error';
import { downloadFile, fileNameFrom } from '../download';
import { apiDelete, apiGet, apiPut } from '../http';
import { onSessionEnd } from '../session';
import { getToken, setToken } from '../storage';

// The one fetch path every REST call, download and authorized blob takes (lib/http fetchOk): the network is the
// only thing replaced, by a recorder of what the page would send.
const calls: Array<{ url: string; init: RequestInit }> = [];
let answer: () => Response;

beforeEach(() => {
  calls.length = 0;
  setToken('token-1');
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('lib/http', () => {
  it('sends PUT with the JSON body and the bearer token, and reads the JSON answer', async () => {
    answer = () => new Response(JSON.stringify({ id: 7, name: 'Ventas' }), { status: 200 });
    await expect(apiPut('/boards/7', { name: 'Ventas' })).resolves.toEqual({ id: 7, name: 'Ventas' });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/boards/7');
    expect(calls[0].init.method).toBe('PUT');
    expect(calls[0].init.body).toBe('{"name":"Ventas"}');
    expect(calls[0].init.headers).toMatchObject({
      Authorization: 'Bearer token-1',
      'Content-Type': 'application/json',
      Accept: 'application/json',
    });
  });

  it('answers undefined for a DELETE with no content, and sends no body', async () => {
    answer = () => new Response(null, { status: 204 });
    await expect(apiDelete('/boards/7')).resolves.toBeUndefined();
    expect(calls[0].init.method).toBe('DELETE');
    expect(calls[0].init.body).toBeUndefined();
    expect(calls[0].init.headers).not.toHaveProperty('Content-Type');
  });

  it("fails with the server's Spanish message and field", async () => {
    answer = () =>
      new Response(
        JSON.stringify({ code: 'VALIDATION_ERROR', userMessage: 'Nombre obligatorio', field: 'name' }),
        { status: 400 },
      );
    const error = await apiPut('/boards/7', { name: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, userMessage: 'Nombre obligatorio', field: 'name' });
    expect(getToken()).toBe('token-1');
  });

  it('ends the session on a session error of a call made with a token, sending the user to the root page', async () => {
    answer = () => new Response(JSON.stringify({ code: 'UNAUTHORIZED' }), { status: 401 });
    const destinations: string[] = [];
    const stop = onSessionEnd((destination) => destinations.push(destination));
    await expect(apiGet('/boards/user/1')).rejects.toBeInstanceOf(ApiError);
    stop();
    expect(getToken()).toBeNull();
    // 01 §2.1 / §4 Session: UNAUTHORIZED from the REST service goes to the root page.
    expect(destinations).toEqual(['/']);
  });

  it('says the network is down when fetch itself fails', async () => {
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(apiGet('/panel')).rejects.toMatchObject({ status: 0, userMessage: OFFLINE_WARNING_MESSAGE });
  });
});

describe('lib/download', () => {
  it("saves the file under the server's name when asked, posting the page's filters", async () => {
    answer = () =>
      new Response('xlsx', {
        status: 200,
        headers: { 'Content-Disposition': "attachment; filename*=UTF-8''Charla%20CRM.xlsx" },
      });
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    // jsdom has no object URLs: the saved file is what the link's download attribute names.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:1';
    URL.revokeObjectURL = () => undefined;
    await downloadFile('/api/contacts/export', 'contactos.xlsx', {
      method: 'POST',
      body: { format: 'xlsx' },
      serverName: true,
    });
    await downloadFile('/api/contacts/export', 'contactos.xlsx', {
      method: 'POST',
      body: { format: 'xlsx' },
    });
    click.mockRestore();
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    expect(saved).toEqual(['Charla CRM.xlsx', 'contactos.xlsx']);
    expect(calls[0].init).toMatchObject({ method: 'POST', body: '{"format":"xlsx"}' });
    expect(calls[0].init.headers).toMatchObject({
      'Content-Type': 'application/json',
      Authorization: 'Bearer token-1',
    });
  });

  it('reads the Content-Disposition name, the encoded form first', () => {
    expect(fileNameFrom('attachment; filename="a.xlsx"; filename*=UTF-8\'\'b%C3%B1.xlsx', 'x.xlsx')).toBe(
      'bñ.xlsx',
    );
    expect(fileNameFrom('attachment; filename="reporte.xlsx"', 'x.xlsx')).toBe('reporte.xlsx');
    expect(fileNameFrom(null, 'x.xlsx')).toBe('x.xlsx');
  });
});
