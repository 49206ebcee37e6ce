import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RealtimeService } from '../src/realtime/realtime.service';
import { gql, login, startTestApp, type TestApp } from './helpers';
import { nextEvent, openSocket } from './socket-helpers';

let t: TestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

function connect(token: string | null): Promise<Socket> {
  return openSocket(t.baseUrl, token, sockets);
}

function next<T>(socket: Socket, event: string, timeoutMs = 3000): Promise<T> {
  return nextEvent<T>(socket, event, timeoutMs);
}

function nothing(socket: Socket, event: string, ms = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const handler = () => resolve(false);
    socket.once(event, handler);
    setTimeout(() => {
      socket.off(event, handler);
      resolve(true);
    }, ms);
  });
}

describe('socket.io gateway', () => {
  it('refuses a handshake without a valid token', async () => {
    await expect(connect(null)).rejects.toThrow('UNAUTHORIZED');
    await expect(connect('not-a-token')).rejects.toThrow('UNAUTHORIZED');
  });

  it('delivers updateUserData to the user and to the company room of admins, not to another company', async () => {
    const agentToken = await login(t, 'agente@demo.local');
    const adminToken = await login(t, 'admin@demo.local');
    const otraToken = await login(t, 'admin@otra.local');
    const agentSocket = await connect(agentToken);
    const adminSocket = await connect(adminToken);
    const otraSocket = await connect(otraToken);

    const toAgent = next<{ userId: number; reason: string }>(agentSocket, 'updateUserData');
    const toAdmin = next<{ userId: number }>(adminSocket, 'updateUserData');
    const notOtra = nothing(otraSocket, 'updateUserData');
    const res = await gql<{ setAvailability: { id: number; isAvailable: boolean } }>(
      t,
      agentToken,
      'mutation { setAvailability(isAvailable: false) { id isAvailable } }',
    );
    expect(res.data?.setAvailability.isAvailable).toBe(false);
    const agentEvent = await toAgent;
    expect(agentEvent).toMatchObject({ userId: res.data?.setAvailability.id, reason: 'availability' });
    expect((await toAdmin).userId).toBe(res.data?.setAvailability.id);
    expect(await notOtra).toBe(true);
    await gql(t, agentToken, 'mutation { setAvailability(isAvailable: true) { id } }');
  });

  it('does not put an agent in the company room', async () => {
    const adminToken = await login(t, 'admin@demo.local');
    const agentToken = await login(t, 'agente@demo.local');
    const agentSocket = await connect(agentToken);
    const notAgent = nothing(agentSocket, 'updateUserData');
    await gql(t, adminToken, 'mutation { setAvailability(isAvailable: true) { id } }');
    expect(await notAgent).toBe(true);
  });

  it('closes the socket of a session that logs out', async () => {
    const token = await login(t, 'groupadmin@demo.local');
    const socket = await connect(token);
    const closed = next<string>(socket, 'disconnect');
    await t.http.post('/api/logout').set('Authorization', `Bearer ${token}`).send({});
    expect(await closed).toBeTruthy();
    await expect(connect(token)).rejects.toThrow('UNAUTHORIZED');
  });
});

describe('several API instances', () => {
  it('delivers an event published on one instance to a socket connected to another', async () => {
    const other = await startTestApp();
    try {
      const adminToken = await login(t, 'admin@demo.local');
      const agentToken = await login(t, 'agente@demo.local');
      const socketOnOther = await new Promise<Socket>((resolve, reject) => {
        const s = io(other.baseUrl, {
          path: '/socket.io',
          transports: ['websocket'],
          auth: { token: adminToken },
          reconnection: false,
        });
        sockets.push(s);
        s.once('connect', () => resolve(s));
        s.once('connect_error', reject);
      });
      const received = next<{ reason: string }>(socketOnOther, 'updateUserData', 5000);
      await gql(t, agentToken, 'mutation { setAvailability(isAvailable: true) { id } }');
      expect((await received).reason).toBe('availability');
    } finally {
      await other.close();
    }
  });

  it('publishes to the bus only while another instance is listening', async () => {
    const until = async (check: () => boolean) => {
      const deadline = Date.now() + 5000;
      while (!check()) {
        if (Date.now() > deadline) throw new Error('condition not reached within 5 s');
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const bus = t.app.get(RealtimeService);
    await until(() => bus.peerCount() === 0);
    const other = await startTestApp();
    try {
      // The newcomer says hello, the existing instance answers: each learns of the other.
      await until(() => bus.peerCount() === 1 && other.app.get(RealtimeService).peerCount() === 1);
    } finally {
      await other.close();
    }
    // 'bye' on shutdown: back to publishing nothing.
    await until(() => bus.peerCount() === 0);
  });
});
