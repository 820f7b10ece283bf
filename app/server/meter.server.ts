// What one request waited on: D1 round trips (a batch is one), Durable Object calls and R2 operations,
// with their count and total wait, reported on every response as Server-Timing (devtools show it, tests
// and the bench read it). On D1 at the edge a round trip costs far more than anything we render, so the
// count is the figure to keep low.
//
// The bindings are wrapped once per request (createAppContext), so every query, room call and object
// operation of that request is counted whichever module makes it; nothing is counted route by route.

export type MeteredKind = "d1" | "do" | "r2";

export interface Tally {
  count: number;
  ms: number;
}

export class RequestMeter {
  readonly d1: Tally = { count: 0, ms: 0 };
  readonly do: Tally = { count: 0, ms: 0 };
  readonly r2: Tally = { count: 0, ms: 0 };

  /** Counts one call of `kind` and adds the time until it settles (failed calls count too). */
  async time<T>(kind: MeteredKind, call: () => Promise<T>): Promise<T> {
    const tally = this[kind];
    tally.count += 1;
    const started = performance.now();
    try {
      return await call();
    } finally {
      tally.ms += performance.now() - started;
    }
  }

  /** `d1;desc="1";dur=1.2, do;desc="0";dur=0, r2;desc="0";dur=0`: desc is the count, dur the total ms. */
  serverTiming(): string {
    return (["d1", "do", "r2"] as const).map((kind) => `${kind};desc="${this[kind].count}";dur=${durationOf(this[kind].ms)}`).join(", ");
  }
}

function durationOf(ms: number): string {
  const rounded = Math.round(ms * 10) / 10;
  return String(rounded);
}

/** Parses a Server-Timing header written by `serverTiming` (tests and the bench read it this way). */
export function parseServerTiming(header: string | null): Record<MeteredKind, Tally> | null {
  if (!header) return null;
  const out: Partial<Record<MeteredKind, Tally>> = {};
  for (const part of header.split(",")) {
    const match = /^\s*(d1|do|r2);desc="(\d+)";dur=([\d.]+)\s*$/.exec(part);
    if (match) out[match[1] as MeteredKind] = { count: Number(match[2]), ms: Number(match[3]) };
  }
  return out.d1 && out.do && out.r2 ? (out as Record<MeteredKind, Tally>) : null;
}

/** The Worker's env with DB, STATEMENTS and BUDGET_ROOM counting into `meter`; everything else as is. */
export function meteredEnv(env: Env, meter: RequestMeter): Env {
  return {
    ...env,
    DB: new MeteredD1(env.DB, meter) as unknown as D1Database,
    STATEMENTS: meteredBucket(env.STATEMENTS, meter),
    BUDGET_ROOM: meteredRooms(env.BUDGET_ROOM, meter),
  };
}

/** Each statement run (first/all/raw/run) and each batch or exec is one round trip. */
class MeteredD1 {
  constructor(
    private readonly inner: D1Database,
    private readonly meter: RequestMeter,
  ) {}

  prepare(query: string): MeteredStatement {
    return new MeteredStatement(this.inner.prepare(query), this.meter);
  }

  batch<T = unknown>(statements: (D1PreparedStatement | MeteredStatement)[]): Promise<D1Result<T>[]> {
    const plain = statements.map((s) => (s instanceof MeteredStatement ? s.inner : s));
    return this.meter.time("d1", () => this.inner.batch<T>(plain));
  }

  exec(query: string): Promise<D1ExecResult> {
    return this.meter.time("d1", () => this.inner.exec(query));
  }

  withSession(constraintOrBookmark?: string): D1DatabaseSession {
    // Not used by the app; sessions bypass the meter rather than fail.
    return this.inner.withSession(constraintOrBookmark);
  }

  dump(): Promise<ArrayBuffer> {
    return this.meter.time("d1", () => this.inner.dump());
  }
}

class MeteredStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    private readonly meter: RequestMeter,
  ) {}

  bind(...values: unknown[]): MeteredStatement {
    return new MeteredStatement(this.inner.bind(...values), this.meter);
  }

  first<T = unknown>(column?: string): Promise<T | null> {
    return this.meter.time("d1", () => (column === undefined ? this.inner.first<T>() : this.inner.first<T>(column)));
  }

  all<T = unknown>(): Promise<D1Result<T>> {
    return this.meter.time("d1", () => this.inner.all<T>());
  }

  run<T = unknown>(): Promise<D1Result<T>> {
    return this.meter.time("d1", () => this.inner.run<T>());
  }

  raw<T = unknown[]>(options?: { columnNames?: boolean }): Promise<unknown[]> {
    return this.meter.time("d1", (): Promise<unknown[]> => (options?.columnNames ? this.inner.raw<T>({ columnNames: true }) : this.inner.raw<T>()));
  }
}

const R2_CALLS = new Set(["head", "get", "put", "delete", "list", "createMultipartUpload"]);

function meteredBucket(bucket: R2Bucket, meter: RequestMeter): R2Bucket {
  return new Proxy(bucket, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== "function") return value;
      if (typeof prop === "string" && R2_CALLS.has(prop)) return (...args: unknown[]) => meter.time("r2", () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

function meteredRooms(rooms: DurableObjectNamespace, meter: RequestMeter): DurableObjectNamespace {
  return new Proxy(rooms, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== "function") return value;
      if (prop === "get" || prop === "getByName") {
        return (...args: unknown[]) => meteredStub((value as (...a: unknown[]) => DurableObjectStub).apply(target, args), meter);
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

/** Every method call on a room's stub (RPC or fetch) is one call. */
function meteredStub(stub: DurableObjectStub, meter: RequestMeter): DurableObjectStub {
  // A plain target: the runtime's stub answers any property name, and a Proxy must not break its invariants.
  return new Proxy({} as DurableObjectStub, {
    get(_, prop) {
      // Not a thenable: `await stub` must not look like a call.
      if (prop === "then") return undefined;
      const value = (stub as unknown as Record<PropertyKey, unknown>)[prop];
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => meter.time("do", () => (stub as unknown as Record<PropertyKey, (...a: unknown[]) => Promise<unknown>>)[prop]!(...args));
    },
  });
}
