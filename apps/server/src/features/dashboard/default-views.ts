import type { Kysely } from 'kysely';
import type { Database, KingdomTable } from '../../db/schema.ts';

/**
 * How many kingdoms' default views a starting server prepares: the most recently scanned, whose viewers come first.
 * A default view of DESIGN.md's scale map is about 16,000 rows; the period cache keeps 300,000.
 */
export const VIEWS_PREPARED_AT_START = 8;

/**
 * When the main dashboard computes a kingdom's default view (the view its dashboard opens on) before anyone asks, so
 * that the first viewer is answered from memory instead of by a cold period (docs/dashboard.md, "Caching"): after an
 * import into it, and after start-up for the kingdoms scanned most recently. Both wait `delayMs` first: an admin
 * uploading a batch of files sends the next within it (the view is computed once, after the last), and a server just
 * started sends its first pages' scripts meanwhile. A failure is dropped: a viewer's request computes the period
 * itself and reports it.
 */
export class DefaultViewPreparation {
  /** For tests: how many default views were prepared. */
  prepared = 0;
  private readonly afterImports = new Map<number, ReturnType<typeof setTimeout>>();
  private atStartTimer: ReturnType<typeof setTimeout> | undefined;
  /** Set by drop(): the kingdoms the start-up preparation has not reached yet are left. */
  private dropped = false;

  /**
   * `prepare` computes a kingdom's default view; `track` runs work in the background as the service's other
   * background work (which its settled() waits for).
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly delayMs: number,
    private readonly prepare: (kingdom: KingdomTable) => Promise<void>,
    private readonly track: (work: () => Promise<unknown>) => void,
  ) {}

  /** After an import into `kingdom`; a later import within delayMs postpones it. */
  afterImport(kingdom: KingdomTable): void {
    clearTimeout(this.afterImports.get(kingdom.kd));
    const timer = setTimeout(() => {
      this.afterImports.delete(kingdom.kd);
      this.track(async () => {
        await this.prepare(kingdom);
        this.prepared++;
      });
    }, this.delayMs);
    timer.unref();
    this.afterImports.set(kingdom.kd, timer);
  }

  /** After start-up: the `limit` most recently scanned kingdoms, one after another. */
  atStart(limit: number): void {
    clearTimeout(this.atStartTimer);
    this.dropped = false;
    this.atStartTimer = setTimeout(() => {
      this.atStartTimer = undefined;
      this.track(async () => {
        for (const kingdom of await selectRecentlyScannedKingdoms(this.db, limit)) {
          if (this.dropped) return;
          try {
            await this.prepare(kingdom);
            this.prepared++;
          } catch {
            // Left to the first viewer's request, which reports what went wrong.
          }
        }
      });
    }, this.delayMs);
    this.atStartTimer.unref();
  }

  /** Views not yet being prepared are left: a closing server has no viewers to prepare for. */
  drop(): void {
    for (const timer of this.afterImports.values()) clearTimeout(timer);
    this.afterImports.clear();
    clearTimeout(this.atStartTimer);
    this.dropped = true;
  }
}

/**
 * Up to `limit` kingdoms that have kingdom scans, the most recently scanned first: the dashboards viewers are likeliest
 * to open. One row per kingdom (its latest scan time), a few hundred at most before the limit.
 */
async function selectRecentlyScannedKingdoms(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('kingdoms')
    .innerJoin(
      (eb) =>
        eb
          .selectFrom('scans')
          .select(['kingdom_kd', (e) => e.fn.max('taken_at').as('latest')])
          .where('kind', '=', 'kingdom')
          .groupBy('kingdom_kd')
          .as('latest_scans'),
      (join) => join.onRef('latest_scans.kingdom_kd', '=', 'kingdoms.kd'),
    )
    .selectAll('kingdoms')
    .orderBy('latest_scans.latest', 'desc')
    .orderBy('kingdoms.kd')
    .limit(limit)
    .execute();
}
