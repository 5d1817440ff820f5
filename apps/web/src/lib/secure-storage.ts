import {
  DEFAULT_NAMESPACE,
  isExpired,
  isSecureRecord,
  type SecureRecord,
  secureRecord,
} from '@rostra/core/shell/secure-storage';

/**
 * Secure storage (shell spec §3, §4): items kept on the device encrypted with AES-GCM under a key
 * the browser cannot export (kept in IndexedDB), so what sits in localStorage is ciphertext. An
 * item past its expiry is removed when read and by a flush every ten minutes while the app runs.
 * A value that cannot be decrypted (another key, a cleared database) reads as absent.
 */
export type SecureStorage = {
  get<T>(key: string, namespace?: string): Promise<T | undefined>;
  set<T>(
    key: string,
    value: T,
    options?: { type?: string; ttlMs?: number; namespace?: string },
  ): Promise<void>;
  remove(key: string, namespace?: string): void;
  /** Removes every expired item; answers how many. */
  flush(): Promise<number>;
};

const PREFIX = 'rostra.secure.';
const FLUSH_EVERY_MS = 10 * 60_000;

export function createSecureStorage(deps: {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;
  key: () => Promise<CryptoKey>;
  now: () => number;
}): SecureStorage {
  const { storage } = deps;
  const slot = (key: string, namespace = DEFAULT_NAMESPACE) => `${PREFIX}${namespace}.${key}`;

  async function decode(stored: string): Promise<SecureRecord | undefined> {
    try {
      const bytes = Uint8Array.from(atob(stored), (c) => c.charCodeAt(0));
      const iv = bytes.slice(0, 12);
      const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, await deps.key(), bytes.slice(12));
      const record: unknown = JSON.parse(new TextDecoder().decode(plain));
      return isSecureRecord(record) ? record : undefined;
    } catch {
      return undefined;
    }
  }

  async function encode(record: SecureRecord): Promise<string> {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const plain = new TextEncoder().encode(JSON.stringify(record));
    const sealed = new Uint8Array(
      await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await deps.key(), plain),
    );
    const bytes = new Uint8Array(iv.length + sealed.length);
    bytes.set(iv);
    bytes.set(sealed, iv.length);
    return btoa(String.fromCharCode(...bytes));
  }

  /** The record in `name`, or undefined; an expired or unreadable one is removed. */
  async function read(name: string): Promise<SecureRecord | undefined> {
    const stored = storage.getItem(name);
    if (stored === null) return undefined;
    const record = await decode(stored);
    if (!record || isExpired(record, deps.now())) {
      storage.removeItem(name);
      return undefined;
    }
    return record;
  }

  return {
    async get<T>(key: string, namespace?: string) {
      return (await read(slot(key, namespace)))?.value as T | undefined;
    },
    async set(key, value, options = {}) {
      const record = secureRecord(value, options.type ?? 'value', deps.now(), options.ttlMs);
      storage.setItem(slot(key, options.namespace), await encode(record));
    },
    remove(key, namespace) {
      storage.removeItem(slot(key, namespace));
    },
    async flush() {
      const names: string[] = [];
      for (let i = 0; i < storage.length; i++) {
        const name = storage.key(i);
        if (name?.startsWith(PREFIX)) names.push(name);
      }
      let removed = 0;
      for (const name of names) {
        const had = storage.getItem(name) !== null;
        if (had && !(await read(name))) removed++;
      }
      return removed;
    },
  };
}

/** The device's key: made once, not extractable, kept in IndexedDB (in memory where there is none). */
function deviceKey(): () => Promise<CryptoKey> {
  let key: Promise<CryptoKey> | undefined;
  const generate = () =>
    crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]) as Promise<CryptoKey>;
  const fromDatabase = () =>
    new Promise<CryptoKey>((resolve, reject) => {
      const open = indexedDB.open('rostra-secure', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('keys');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const get = db.transaction('keys').objectStore('keys').get('default');
        get.onerror = () => reject(get.error);
        get.onsuccess = async () => {
          if (get.result instanceof CryptoKey) return resolve(get.result);
          const made = await generate();
          const put = db.transaction('keys', 'readwrite').objectStore('keys').put(made, 'default');
          put.onsuccess = () => resolve(made);
          put.onerror = () => reject(put.error);
        };
      };
    });
  return () => {
    key ??= (typeof indexedDB === 'undefined' ? generate() : fromDatabase()).catch(generate);
    return key;
  };
}

let app: SecureStorage | undefined;

/** The app's secure storage; the first use starts the periodic flush. */
export function appSecureStorage(): SecureStorage {
  if (!app) {
    const store = createSecureStorage({ storage: localStorage, key: deviceKey(), now: () => Date.now() });
    void store.flush();
    setInterval(() => void store.flush(), FLUSH_EVERY_MS);
    app = store;
  }
  return app;
}

/** How long the device remembers the company email or phone of a token login. */
const TOKEN_IDENTITY_TTL_MS = 90 * 24 * 3600_000;

/**
 * Token login (spec §4): the company email or phone a person gave is kept encrypted on the device
 * after its first successful entry, and offered again the next time a sign-in link is opened.
 */
export const tokenIdentity = {
  read: () => appSecureStorage().get<string>('token_identity'),
  remember: (value: string) =>
    appSecureStorage().set('token_identity', value, { type: 'identity', ttlMs: TOKEN_IDENTITY_TTL_MS }),
};
