export * from './users';
export * from './trucks';
