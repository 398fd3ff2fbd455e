import { displayName } from '@shared/contracts/auth';
import { Redirect } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { useAuth } from '@client/lib/auth';
import { ChangePasswordForm } from '@client/features/auth/components/change-password-form';
import { OwnDetailsForm } from '@client/features/auth/components/own-details-form';
import { DeleteAccountForm } from '@client/features/auth/components/delete-account-form';
import { AlertSettings } from '@client/features/push/components/alert-settings';
import { DietaryNeedsForm } from '@client/features/diet/components/dietary-needs-form';
import { loginFor } from '@client/lib/return-to';
import { isCustomer } from '@client/lib/roles';
import { CountMyVisitsSwitch } from '@client/features/insights/components/count-my-visits-switch';

/** /account: the signed-in user's own account (their details; issue 32: change password; issue 29: a customer's alert settings). */
export default function AccountPage() {
  const { user } = useAuth();
  if (!user) return <Redirect to={loginFor('/account')} replace />;
  return (
    <main className="bg-gray-50 px-4 py-10">
      <Card className="mx-auto max-w-md">
        <CardHeader>
          <h1 className="text-xl font-semibold">Your account</h1>
          <CardDescription>Signed in as {displayName(user)}.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <h2 className="font-medium">Your details</h2>
          <OwnDetailsForm key={user.id} user={user} />
          <hr className="border-gray-200" />
          <h2 className="font-medium">Change password</h2>
          <ChangePasswordForm />
          {isCustomer(user) && (
            <>
              <hr className="border-gray-200" />
              <AlertSettings />
            </>
          )}
        </CardContent>
      </Card>
      {isCustomer(user) && (
        <Card className="mx-auto mt-6 max-w-md">
          <CardHeader>
            <h2 className="text-lg font-semibold">Dietary needs</h2>
            <CardDescription>
              Trucks with nothing marked for your needs are dimmed on Find Trucks, and menus flag the dishes
              that conflict. Only what trucks have stated counts.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <DietaryNeedsForm />
          </CardContent>
        </Card>
      )}
      <Card className="mx-auto mt-6 max-w-md" data-testid="privacy-note">
        <CardHeader>
          <h2 className="text-lg font-semibold">Privacy: what we count</h2>
          <CardDescription>
            To show truck operators where and when diners want food, we count how often a truck&apos;s card
            (in the list or on the map), page and menu are seen, favorites added and removed, &quot;I&apos;m
            going&quot; taps, alerts and texts sent, and voice answers that name the truck — as daily totals
            per truck. Where diners look for food is kept only as an area of about 500 m, and an area is shown
            to operators only once at least 10 different diners searched there. Operators never see who you
            are or where exactly you were; an operator&apos;s own views are not counted. Raw counts are
            deleted after 90 days. Browsers that send Do Not Track or Global Privacy Control are never
            counted.
          </CardDescription>
        </CardHeader>
        {isCustomer(user) && (
          <CardContent>
            <CountMyVisitsSwitch />
          </CardContent>
        )}
      </Card>
      {(user.role === 'customer' || user.role === 'operator') && (
        <Card className="mx-auto mt-6 max-w-md border-red-200">
          <CardHeader>
            <h2 className="text-lg font-semibold">Delete your account</h2>
          </CardHeader>
          <CardContent>
            <DeleteAccountForm role={user.role} />
          </CardContent>
        </Card>
      )}
    </main>
  );
}
