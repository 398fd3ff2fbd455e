import { ComingSoon } from '@client/components/layouts/coming-soon';

export default function CustomerSignupPage() {
  return <ComingSoon title="Customer signup" />;
}
