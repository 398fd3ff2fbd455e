import { ComingSoon } from '@client/components/layouts/coming-soon';

export default function AuthPage({ tab }: { tab: 'login' | 'register' }) {
  return <ComingSoon title={tab === 'login' ? 'Login' : 'Register'} />;
}
