export * from './common';
export * from './auth';
export * from './trucks';
export * from './menu';
export * from './events';
export * from './uploads';
export * from './voice';
export * from './subscriptions';
