import type { AccountKind, Session, SessionUser } from '@market/contracts';
import { create } from 'zustand';

export interface StoredSession {
  token: string;
  refreshToken: string;
  user: SessionUser;
}

/** Local-storage prefix of each account type (specification, section 6: each has its own keys). */
export const storagePrefixes: Record<AccountKind, string> = {
  customer: 'customer',
  merchant: 'merchant',
  admin: 'admin',
  partner: 'shippingPartner',
};

const kinds: AccountKind[] = ['customer', 'merchant', 'admin', 'partner'];
const keysOf = (kind: AccountKind) => {
  const prefix = storagePrefixes[kind];
  return { token: `${prefix}.token`, refreshToken: `${prefix}.refreshToken`, user: `${prefix}.user` };
};

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage blocked (private mode, policy): sessions then live in memory only
  }
}

function readSession(kind: AccountKind): StoredSession | undefined {
  const store = storage();
  if (!store) return undefined;
  const keys = keysOf(kind);
  const token = store.getItem(keys.token);
  const refreshToken = store.getItem(keys.refreshToken);
  const rawUser = store.getItem(keys.user);
  if (!token || !refreshToken || !rawUser) return undefined;
  try {
    const user = JSON.parse(rawUser) as SessionUser;
    return user && typeof user === 'object' && 'id' in user ? { token, refreshToken, user } : undefined;
  } catch {
    return undefined;
  }
}

function writeSession(kind: AccountKind, session: StoredSession | undefined) {
  const store = storage();
  if (!store) return;
  const keys = keysOf(kind);
  try {
    if (session) {
      store.setItem(keys.token, session.token);
      store.setItem(keys.refreshToken, session.refreshToken);
      store.setItem(keys.user, JSON.stringify(session.user));
    } else {
      store.removeItem(keys.token);
      store.removeItem(keys.refreshToken);
      store.removeItem(keys.user);
    }
  } catch {
    // quota exceeded or blocked: the in-memory session still works for this tab
  }
}

interface SessionState {
  sessions: Partial<Record<AccountKind, StoredSession>>;
  /** True once saved sessions have been read back. */
  restored: boolean;
  restore(): void;
  setSession(kind: AccountKind, session: StoredSession): void;
  clearSession(kind: AccountKind): void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  sessions: {},
  restored: false,
  restore() {
    const sessions: Partial<Record<AccountKind, StoredSession>> = {};
    for (const kind of kinds) {
      const saved = readSession(kind);
      if (saved) sessions[kind] = saved;
    }
    set({ sessions, restored: true });
  },
  setSession(kind, session) {
    writeSession(kind, session);
    set((state) => ({ sessions: { ...state.sessions, [kind]: session } }));
  },
  clearSession(kind) {
    writeSession(kind, undefined);
    set((state) => {
      const sessions = { ...state.sessions };
      delete sessions[kind];
      return { sessions };
    });
  },
}));

/** Login and refresh answers have the same shape; both become the stored session. */
export function toStoredSession(session: Session): StoredSession {
  return { token: session.accessToken, refreshToken: session.refreshToken, user: session.user };
}

export function getSession(kind: AccountKind): StoredSession | undefined {
  return useSessionStore.getState().sessions[kind];
}

export function useSession(kind: AccountKind): StoredSession | undefined {
  return useSessionStore((state) => state.sessions[kind]);
}

/** Another tab signed in, refreshed or signed out: take its state so both tabs hold the live refresh token. */
export function syncSessionsAcrossTabs(): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || kinds.some((kind) => event.key?.startsWith(`${storagePrefixes[kind]}.`))) {
      useSessionStore.getState().restore();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** Admin role or account type of a signed-in user (`shippingPartner` for partners). */
export function accountTypeOf(user: SessionUser | undefined): string | undefined {
  return user?.accountType;
}

export function displayName(user: SessionUser | undefined): string {
  if (!user) return '';
  return 'name' in user ? user.name : `${user.firstName} ${user.lastName}`.trim();
}
