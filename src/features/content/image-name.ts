export type { SiteImageName as ImageName } from '../media/site-images'
