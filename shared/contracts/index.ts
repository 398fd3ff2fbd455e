export * from './common';
export * from './auth';
export * from './trucks';
export * from './menu';
export * from './truck-events';
export * from './uploads';
