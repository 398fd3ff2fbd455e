import { z } from 'zod';
import { paymentsConfigSchema } from './subscriptions';

/** GET /api/app-config: what the client needs to know about this installation. */
export const demoCredentialSchema = z.object({
  role: z.string(),
  username: z.string(),
  phone: z.string(),
  password: z.string(),
});
export type DemoCredential = z.infer<typeof demoCredentialSchema>;

/** demoCredentials is null unless the installation runs with demo data (DEMO_DATA). */
export const appConfigSchema = z.object({
  demoCredentials: z.array(demoCredentialSchema).nullable(),
  payments: paymentsConfigSchema,
});
export type AppConfig = z.infer<typeof appConfigSchema>;
