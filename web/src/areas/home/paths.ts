/** The landing tab's path; its own file so the dashboard and the area's index both import it without a circle. */
export const HOME_PATH = '/app/home';
