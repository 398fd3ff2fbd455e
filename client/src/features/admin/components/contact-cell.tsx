import { accountName } from '../account-name';
import Mail from 'lucide-react/icons/mail';
import Phone from 'lucide-react/icons/phone';
import { Cell } from './admin-table';
import { formatDate } from '@shared/utils/format';

/** The Contact column: email and phone (3-3-4 when it has ten digits). */
export function ContactCell({ email, phone }: { email: string | null; phone: string }) {
  return (
    <Cell>
      <p className="flex items-center gap-1.5 text-gray-800">
        <Mail className="h-3.5 w-3.5 text-gray-500" aria-hidden />
        {email ?? <span className="text-gray-600">No email</span>}
      </p>
      <p className="flex items-center gap-1.5 text-gray-800">
        <Phone className="h-3.5 w-3.5 text-gray-500" aria-hidden />
        {phone || <span className="text-gray-600">No phone</span>}
      </p>
    </Cell>
  );
}

/** The account's name (or its phone) with its id and when it joined. */
export function AccountCell({
  account,
}: {
  account: Parameters<typeof accountName>[0] & { id: number; createdAt: string };
}) {
  return (
    <Cell>
      <p className="font-medium text-gray-900">{accountName(account)}</p>
      <p className="text-xs text-gray-600">
        #{account.id} · joined {formatDate(account.createdAt)}
      </p>
    </Cell>
  );
}
