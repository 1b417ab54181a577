import { Link } from 'react-router';
import { Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';

/** The two-slide hero (loaded lazily: Swiper is the largest library on the home page). */
const slides = [
  { title: 'New Arrival', image: '/hero/new-arrival.jpg' },
  { title: 'Laptop for Winter 2022', image: '/hero/winter-laptops.jpg' },
];

export default function HeroCarousel({ productsPath }: { productsPath: string }) {
  return (
    <Swiper
      modules={[Navigation, Pagination]}
      spaceBetween={30}
      navigation
      pagination={{ clickable: true }}
      className="rounded-box h-72 w-full min-w-0 md:h-96"
    >
      {slides.map((slide) => (
        <SwiperSlide key={slide.title}>
          <div className="relative h-full">
            <img src={slide.image} alt="" className="absolute inset-0 h-full w-full object-cover" />
            <div className="absolute inset-0 flex flex-col items-start justify-center gap-4 bg-black/45 p-8 text-white md:p-14">
              <h2 className="text-3xl font-bold md:text-5xl">{slide.title}</h2>
              <Link to={productsPath} className="btn btn-primary">
                See Products
              </Link>
            </div>
          </div>
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
