import { createAccount } from '../support/accounts';
import {
  accessOf,
  buyTickets,
  cancelTicket,
  connectionOf,
  createDoorAccount,
  openDoor,
  passForAnotherSeat,
  passResignedByAttacker,
  scan,
  scannerDevice,
  showStartingSoon,
  storedTickets,
  typedByHand,
  verdictOf,
} from '../support/door';
import { expect, test } from '../support/fixtures';
import { axeProblems, callApi, sidewaysOverflow } from '../support/onsale';

// The door with no signal (docs/decisions/0043-offline-first-door-scanner.md,
// 0044-offline-app-shell.md): two scanner devices, the owner's and a door staff account's, open
// the show's door while online, lose the network, keep admitting and refusing on their own (one
// ticket shown at both, a cancelled one, forged passes), one of them reloads with no network and
// still scans; the network returns, both sync by themselves, and the server holds each
// admission once with the ticket shown twice flagged, on the door screens and in the owner's data.

// The words the door shows for a forged pass, decided on the device or by the server.
const NOT_GENUINE = 'This ticket’s QR code is not genuine.';

interface Scans {
  counts: { checked_in: number; sold: number; inside: number };
  devices: { device_name: string; admitted: number; duplicates: number }[];
  duplicates: {
    seat_label: string;
    first: { device_name: string };
    again: { device_name: string };
  }[];
}

test('two scanners admit offline, one ticket shown at both is flagged once the network returns', {
  tag: ['@owner', '@user', '@shell'],
}, async ({ browser }) => {
  test.setTimeout(180_000);
  const owner = await createAccount('owner', 'door');
  const customer = await createAccount('user', 'fan');
  const show = await showStartingSoon(owner);
  const tickets = await buyTickets(customer, show, ['A1', 'A2', 'A3', 'A4', 'A5', 'B1']);
  const ticket = (seat: string) => {
    const found = tickets.get(seat);
    if (!found?.pass) throw new Error(`No pass for ${seat}`);
    return { ...found, pass: found.pass };
  };
  // The holder of B1 cancels before the doors open: the devices download it as cancelled.
  const cancelled = ticket('B1');
  await cancelTicket(customer, cancelled);

  // Door 1 is the owner's laptop; Door 2 the phone of a steward with a door staff account.
  const steward = await createDoorAccount(owner);
  const door1 = await scannerDevice(browser, owner, 1280);
  const door2 = await scannerDevice(browser, steward, 360, '/owner/checkin');
  try {
    await openDoor(door1.page, show.id, 'Door 1', 6);
    await openDoor(door2.page, show.id, 'Door 2', 6);
    expect(await axeProblems(door1.page)).toEqual([]);

    // The basement: no network for either device.
    await door1.context.setOffline(true);
    await door2.context.setOffline(true);
    for (const { page } of [door1, door2]) {
      await expect(connectionOf(page)).toContainText('Offline');
      await expect(connectionOf(page)).toContainText('Tickets are checked on this device.');
    }

    // Door 1 admits A1 (its QR code), A2 (typed by hand from the paper) and A3.
    await scan(door1.page, ticket('A1').pass);
    await expect(verdictOf(door1.page)).toContainText('Admitted: seat A1');
    await expect(verdictOf(door1.page)).toContainText('Decided offline on this device');
    await scan(door1.page, typedByHand(ticket('A2').code));
    await expect(verdictOf(door1.page)).toContainText('Admitted: seat A2');
    await scan(door1.page, ticket('A3').pass);
    await expect(verdictOf(door1.page)).toContainText('Admitted: seat A3');
    // A1 again at the same door: refused here, with when it came in.
    await scan(door1.page, ticket('A1').pass);
    await expect(verdictOf(door1.page)).toContainText('Not admitted: seat A1');
    await expect(verdictOf(door1.page)).toContainText(/Already checked in at \d\d:\d\d/);
    // A pass altered to another seat, and one re-signed with an attacker's key: not genuine.
    await scan(door1.page, passForAnotherSeat(ticket('A2').pass, 'B5'));
    await expect(verdictOf(door1.page)).toContainText(NOT_GENUINE);
    await scan(door1.page, passResignedByAttacker(ticket('A2').pass, 'B4'));
    await expect(verdictOf(door1.page)).toContainText(NOT_GENUINE);
    await expect(connectionOf(door1.page)).toContainText(/\d+ scans? waiting to sync\./);

    // Door 2, a phone: A4, then A3 (its holder passed it back to a friend), then the cancelled B1.
    await scan(door2.page, ticket('A4').pass);
    await expect(verdictOf(door2.page)).toContainText('Admitted: seat A4');
    await scan(door2.page, ticket('A3').pass);
    // Door 2 cannot know Door 1 admitted it: it admits, and the server flags it later.
    await expect(verdictOf(door2.page)).toContainText('Admitted: seat A3');
    await scan(door2.page, cancelled.pass);
    await expect(verdictOf(door2.page)).toContainText('This ticket was cancelled.');
    expect(await sidewaysOverflow(door2.page)).toBeLessThanOrEqual(0);
    expect(await axeProblems(door2.page)).toEqual([]);

    // Door 2 reloads with no network: the scanner opens again, still signed in, and scans.
    const reloaded = await door2.page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expect(door2.page).toHaveURL(new RegExp(`/owner/checkin\\?show=${show.id}$`));
    await expect(door2.page.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
    await expect(door2.page.getByLabel('Show')).toHaveValue(String(show.id));
    await expect(connectionOf(door2.page)).toContainText('Offline');
    await expect(connectionOf(door2.page)).toContainText(/\d+ scans? waiting to sync\./);
    expect(await storedTickets(door2.page, show.id)).toBe(6);
    await scan(door2.page, ticket('A5').pass);
    await expect(verdictOf(door2.page)).toContainText('Admitted: seat A5');
    await scan(door2.page, ticket('A4').pass);
    await expect(verdictOf(door2.page)).toContainText(/Already checked in at \d\d:\d\d/);
    expect(await axeProblems(door2.page)).toEqual([]);

    // The network returns: both devices sync by themselves.
    await door1.context.setOffline(false);
    await door2.context.setOffline(false);
    for (const { page } of [door1, door2]) {
      await expect(connectionOf(page)).toContainText('Online', { timeout: 20_000 });
      await expect(connectionOf(page)).toContainText('All scans synced.', { timeout: 20_000 });
    }

    // The server holds every admission once, and the ticket shown at both doors, once flagged.
    const scans = await callApi<Scans>(
      'GET',
      `tickets/check-in/shows/${show.id}/scans/`,
      undefined,
      show.access,
    );
    expect(scans.counts).toMatchObject({ checked_in: 5, sold: 5, inside: 5 });
    const byName = Object.fromEntries(scans.devices.map((d) => [d.device_name, d]));
    expect(byName['Door 1']).toMatchObject({ admitted: 3, duplicates: 0 });
    expect(byName['Door 2']).toMatchObject({ admitted: 2, duplicates: 1 });
    expect(scans.duplicates).toHaveLength(1);
    expect(scans.duplicates[0]).toMatchObject({
      seat_label: 'A3',
      first: { device_name: 'Door 1' },
      again: { device_name: 'Door 2' },
    });
    const today = await callApi<{ id: number; checked_in: number; sold: number }[]>(
      'GET',
      'tickets/check-in/shows/',
      undefined,
      show.access,
    );
    expect(today.find((s) => s.id === show.id)).toMatchObject({ checked_in: 5, sold: 5 });
    // The owner's seat map data: A1 to A5 in, A3 flagged.
    const seats = await callApi<
      { row: string; column: number; checked_in?: boolean; duplicate?: boolean }[]
    >('GET', `shows/${show.id}/seats/`, undefined, show.access);
    const seat = (label: string) => seats.find((s) => `${s.row}${s.column}` === label);
    for (const label of ['A1', 'A2', 'A3', 'A4', 'A5'])
      expect(seat(label), label).toMatchObject({ checked_in: true });
    expect(seat('A3')?.duplicate).toBe(true);
    expect(seat('A1')?.duplicate ?? false).toBe(false);

    // The door screens say it too: who saw it first, where it came again.
    for (const { page } of [door1, door2]) {
      await page.reload();
      const twice = page.getByRole('heading', { name: 'Shown twice' });
      await expect(twice).toBeVisible();
      await expect(
        page.getByText(/Seat A3: first on Door 1 at \d\d:\d\d, again on Door 2 at \d\d:\d\d\./),
      ).toBeVisible();
      await expect(page.getByText('Admitted 5 / 5 sold')).toBeVisible();
      expect(await axeProblems(page)).toEqual([]);
    }

    // The owner's seat map flags the seat too.
    await door1.page.goto(`/owner/seatlayout?show=${show.id}`);
    await expect(door1.page.getByText(/Shown twice at the door: A3\./)).toBeVisible();
    expect(await axeProblems(door1.page)).toEqual([]);
    await door1.page.goto(`/owner/checkin?show=${show.id}`);

    // Online again, the server decides: a forged pass is refused there too, A1 stays admitted once.
    await scan(door1.page, passForAnotherSeat(ticket('A2').pass, 'B5'));
    await expect(verdictOf(door1.page)).toContainText(NOT_GENUINE);
    await expect(verdictOf(door1.page)).not.toContainText('Decided offline');
    await scan(door1.page, ticket('A1').pass);
    await expect(verdictOf(door1.page)).toContainText(/already checked in at \d\d:\d\d/i);
    const after = await callApi<Scans>(
      'GET',
      `tickets/check-in/shows/${show.id}/scans/`,
      undefined,
      await accessOf(owner),
    );
    expect(after.counts.checked_in).toBe(5);
  } finally {
    await door1.context.close();
    await door2.context.close();
  }
});
