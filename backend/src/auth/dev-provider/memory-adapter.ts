import type { Adapter, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  expiresAt?: number;
}

/**
 * The development provider's storage: one Map per model in this process's memory, with expiry.
 * State is lost on restart (people sign in again), which is acceptable for local development only.
 */
export class DevMemoryAdapter implements Adapter {
  private static readonly stores = new Map<string, Map<string, Entry>>();
  private readonly store: Map<string, Entry>;

  constructor(model: string) {
    const existing = DevMemoryAdapter.stores.get(model);
    this.store = existing ?? new Map();
    if (!existing) DevMemoryAdapter.stores.set(model, this.store);
  }

  private live(id: string): Entry | undefined {
    const entry = this.store.get(id);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      this.store.delete(id);
      return undefined;
    }
    return entry;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    this.store.set(id, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : undefined });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.live(id)?.payload;
  }

  private findBy(field: 'uid' | 'userCode', value: string): AdapterPayload | undefined {
    for (const id of this.store.keys()) {
      const payload = this.live(id)?.payload;
      if (payload?.[field] === value) return payload;
    }
    return undefined;
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findBy('uid', uid);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findBy('userCode', userCode);
  }

  async consume(id: string): Promise<void> {
    const entry = this.live(id);
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    this.store.delete(id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const [id, entry] of this.store) if (entry.payload.grantId === grantId) this.store.delete(id);
  }
}
