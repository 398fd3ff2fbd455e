export default function NotFoundPage() {
  return (
    <main className="px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">404 Page Not Found</h1>
    </main>
  );
}
