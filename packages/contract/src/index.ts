export * from './common';
export * from './permissions';
export * from './auth';
export * from './tenants';
export * from './realtime';
export * from './catalog';
export * from './access';
export * from './rfid';
