import { ComingSoon } from '@client/components/layouts/coming-soon';

export default function Page() {
  return <ComingSoon title="Admin Panel" />;
}
