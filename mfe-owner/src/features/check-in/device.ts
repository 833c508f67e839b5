// Which device scanned: an id made once per browser and a name the staff can change ('Door 1'),
// both kept in localStorage and sent with every scan, so the server can tell the doors apart
// when it merges their scans (docs/decisions/0043-offline-first-door-scanner.md).

export interface Device {
  id: string;
  name: string;
}

const STORAGE_KEY = 'cinema-door-device';
export const DEFAULT_DEVICE_NAME = 'Door 1';
export const DEVICE_NAME_MAX = 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A name the server takes: trimmed, 1..60 characters, no control characters. */
export function cleanDeviceName(name: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.length >= 1 && clean.length <= DEVICE_NAME_MAX ? clean : null;
}

/** This device, made (and kept) on first use. */
export function loadDevice(): Device {
  let stored: Partial<Device> = {};
  try {
    stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<Device>;
  } catch {
    // Unreadable: a new identity is better than none.
  }
  const device: Device = {
    id: typeof stored.id === 'string' && UUID.test(stored.id) ? stored.id : crypto.randomUUID(),
    name: (typeof stored.name === 'string' && cleanDeviceName(stored.name)) || DEFAULT_DEVICE_NAME,
  };
  if (device.id !== stored.id || device.name !== stored.name) saveDevice(device);
  return device;
}

export function saveDevice(device: Device): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(device));
  } catch {
    // Storage full or blocked: the identity lasts for this visit.
  }
}
