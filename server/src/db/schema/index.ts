export * from './users';
export * from './trucks';
export * from './objects';
export * from './payments';
