import fastifyWebsocket from '@fastify/websocket';
import { type Access, requireAuth } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { errorBody } from '../http/errors.ts';
import { LiveHub } from './hub.ts';
import { LiveSocket, type WebSocketLike } from './socket.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live layer of this instance (see live/hub.ts). */
    live: LiveHub;
  }
}

const LIVE: Access = { kind: 'signedIn' };
/** A socket re-checks its session this often; an ended session closes it (4401). */
const REAUTH_MS = 60_000;

/**
 * `GET /api/v1/live` (WebSocket): live updates for a signed-in member (cookie or bearer token,
 * checked by the access hook before the upgrade). See LiveSocket for the protocol.
 */
export async function liveRoutes(app: App, options: { pollMs?: number } = {}): Promise<void> {
  const hub = new LiveHub(app.deps.db, app.log, options.pollMs);
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 64 * 1024 },
    // Stopping: every socket closes with 1001 (going away), so clients reconnect, to another
    // instance, and resume; the plugin's own default would close them without a code.
    preClose: async () => {
      await hub.stop();
      for (const client of app.websocketServer.clients) client.close(1001, 'server going away');
      app.websocketServer.close();
    },
  });
  app.decorate('live', hub);
  app.addHook('onReady', () => hub.start());

  app.route({
    method: 'GET',
    url: `${API}/live`,
    config: { access: LIVE },
    schema: { hide: true },
    // A plain HTTP request (no upgrade) is told what this is.
    handler: async (_request, reply) =>
      reply
        .status(426)
        .send(errorBody('upgrade_required', 'This is a WebSocket endpoint: connect with an upgrade')),
    wsHandler: (socket, request) => {
      const ws = socket as unknown as WebSocketLike;
      // The upgrade's own credential, checked again whenever the caller may have changed.
      const reauthenticate = async () => {
        const found = await app.identity.authenticate(request);
        return found.status === 'signedIn' ? found.caller : undefined;
      };
      const live = new LiveSocket(ws, hub, requireAuth(request), reauthenticate);
      // Sign-out and membership changes close sockets at once (control events, see LiveHub);
      // this catches what ends without one (a session running out).
      const timer = setInterval(() => void live.recheck(), REAUTH_MS);
      timer.unref();
      ws.on('close', () => clearInterval(timer));
    },
  });
}
