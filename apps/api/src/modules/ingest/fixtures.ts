/** Vendor payloads as the readers send them (shapes from the vendors' documentation), for tests and the simulator. */

// Impinj R700, IoT device interface webhook: EPC base64 by default; an idle reader posts [].
export const impinjBatch = [
  {
    timestamp: '2024-03-12T09:15:02.114538Z',
    hostname: 'impinj-14-1a-2b',
    eventType: 'tagInventory',
    tagInventoryEvent: {
      epc: 'MHQle/cZTkAAABqF',
      antennaPort: 1,
      antennaName: 'Antenna 1',
      peakRssiCdbm: -5350,
      frequency: 866900,
      transmitPowerCbm: 3000,
      lastSeenTime: '2024-03-12T09:15:02.112001Z',
      phaseAngle: 34.5,
    },
  },
  {
    timestamp: '2024-03-12T09:15:02.301442Z',
    hostname: 'impinj-14-1a-2b',
    eventType: 'tagInventory',
    tagInventoryEvent: {
      epc: 'MHQle/cZTkAAABqF',
      antennaPort: 1,
      antennaName: 'Antenna 1',
      peakRssiCdbm: -5200,
      frequency: 867500,
      transmitPowerCbm: 3000,
    },
  },
  {
    timestamp: '2024-03-12T09:15:03.020000Z',
    hostname: 'impinj-14-1a-2b',
    eventType: 'tagInventory',
    tagInventoryEvent: {
      epcHex: 'E2801160600002084A2F1B7C',
      antennaPort: 2,
      antennaName: 'Antenna 2',
      peakRssiCdbm: -6100,
    },
  },
  {
    timestamp: '2024-03-12T09:15:03.500000Z',
    hostname: 'impinj-14-1a-2b',
    eventType: 'antennaDisconnected',
    antennaDisconnectedEvent: { antennaPort: 3, antennaName: 'Antenna 3' },
  },
  { timestamp: '2024-03-12T09:15:04.000000Z', hostname: 'impinj-14-1a-2b', eventType: 'overflow', overflowEvent: {} },
];

// Zebra FX9600 / ATR7000, IoT Connector HTTP POST data interface: `+0000` offsets, eventNum per read.
export const zebraBatch = [
  {
    data: {
      eventNum: 4711,
      format: 'epc',
      idHex: '3074257bf7194e4000001a85',
      antenna: 1,
      peakRssi: -54,
      reads: 3,
      channel: 866.9,
      MAC: '84:24:8D:EE:3E:C8',
    },
    timestamp: '2024-03-12T09:15:02.114+0000',
    type: 'SIMPLE',
  },
  {
    data: {
      eventNum: 4712,
      format: 'epc',
      idHex: '3074257bf7194e4000001a85',
      antenna: 2,
      peakRssi: -58,
      reads: 1,
      MAC: '84:24:8D:EE:3E:C8',
    },
    timestamp: '2024-03-12T09:15:03.402+0000',
    type: 'SIMPLE',
  },
];

export const zebraHeartbeat = {
  data: {
    radioConnection: 'connected',
    system: { cpu: { system: 12, user: 8 }, flash: { rootFileSystem: 45 }, ram: { free: 123456, total: 262144 } },
    userapps: [],
  },
  timestamp: '2024-03-12T09:16:00.000+0000',
  type: 'heartbeat',
};
