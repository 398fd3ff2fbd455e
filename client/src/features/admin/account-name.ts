import { formatPhone } from '@shared/utils/format';

/** How the panel names an account: its username, else its phone (3-3-4), else its id. */
export const accountName = (user: { id: number; username: string | null; phone: string | null }) =>
  user.username ?? (user.phone ? formatPhone(user.phone) : `#${user.id}`);
