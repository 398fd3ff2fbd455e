import { SubscribeScreen } from '@client/features/subscription/components/subscribe-screen';

export default function SubscribePage() {
  return <SubscribeScreen />;
}
