/** The head of a service or location page that does not exist (the route answers 404). */
export const serviceNotFoundHead = {
  meta: [
    { title: 'Service Not Found | Maple Hearth' },
    {
      name: 'description',
      content: 'We could not find that service. Browse all of our remodeling services.',
    },
    { name: 'robots', content: 'noindex' },
  ],
}
