export function LandingPage() {
  return (
    <main className="px-4 py-16 text-center">
      <h1 className="text-4xl font-bold">Food Truck Finder</h1>
    </main>
  );
}
