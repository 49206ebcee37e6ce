import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A socket.io client as far as lib/socket uses it: events, a manager with its own events, and `connected`. */
class FakeSocket extends EventEmitter {
  connected = false;
  io = new EventEmitter();
  connect(): void {
    this.connected = true;
    this.emit('connect');
  }
  disconnect(): void {
    this.connected = false;
  }
  override off(event: string, listener: (...args: unknown[]) => void): this {
    return this.removeListener(event, listener);
  }
}

let fake = new FakeSocket();
vi.mock('socket.io-client', () => ({ io: () => fake }));

const { disconnectSocket, eventsMayBeMissed, onReconnected, rereadAfterConnect } = await import('../socket');
const { setToken } = await import('../storage');

afterEach(() => {
  disconnectSocket();
  fake = new FakeSocket();
});

describe('rereadAfterConnect', () => {
  it('reads again once the socket connects when the read began before it, and only once', () => {
    setToken('token');
    const reread = vi.fn();
    const handle = rereadAfterConnect(reread);
    expect(eventsMayBeMissed()).toBe(true);
    handle.started();
    expect(reread).not.toHaveBeenCalled();
    fake.connect();
    expect(reread).toHaveBeenCalledTimes(1);
    // A later connection (a reconnection) is onReconnected's business, not a second re-read.
    fake.connect();
    expect(reread).toHaveBeenCalledTimes(1);
    handle.stop();
  });

  it('does not read again when the read began with the socket connected', () => {
    setToken('token');
    const reread = vi.fn();
    const handle = rereadAfterConnect(reread);
    fake.connect();
    expect(eventsMayBeMissed()).toBe(false);
    handle.started();
    fake.connect();
    expect(reread).not.toHaveBeenCalled();
    handle.stop();
  });

  it('stops listening once stopped', () => {
    setToken('token');
    const reread = vi.fn();
    const handle = rereadAfterConnect(reread);
    handle.started();
    handle.stop();
    fake.connect();
    expect(reread).not.toHaveBeenCalled();
  });

  it('leaves reconnections to onReconnected, which hears the manager reconnect', () => {
    setToken('token');
    const reconnected = vi.fn();
    const stop = onReconnected(reconnected);
    fake.io.emit('reconnect');
    expect(reconnected).toHaveBeenCalledTimes(1);
    stop();
  });
});
