export * from './users';
export * from './trucks';
export * from './objects';
export * from './voice';
export * from './payments';
export * from './customers';
export * from './rate-limits';
export * from './schedules';
