/**
 * 10,000 slow-header sockets (slowloris) against the real server (src/server.ts, in its own process
 * with a low open-file limit) must not take `/health` down for a shopper on another address, and
 * every one of them is refused or timed out. The figures are printed by
 * `npx tsx backend/scripts/slow-clients.ts`.
 */
import { slowClientAttack } from '../scripts/slow-clients';

jest.setTimeout(120_000);

describe('slow clients', () => {
  it('keep /health answering and are all closed by the server', async () => {
    const figures = await slowClientAttack({ sockets: 10_000, seconds: 6 });
    expect(figures.attacker.opened).toBe(10_000);
    expect(figures.probes).toBeGreaterThan(10);
    expect(figures.probesOk).toBe(figures.probes);
    // Past the per-address cap refused at once, the rest ended by the header timeout (3 s here).
    expect(figures.attacker.closedByServer).toBe(figures.attacker.opened);
    expect(figures.afterwardsStatus).toBe(200);
    expect(figures.serverAlive).toBe(true);
  });
});
